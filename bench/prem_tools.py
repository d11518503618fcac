"""The project's Python tools (tools/prem-report, ...) as modules, for the
benchmark scripts that call their functions rather than their command
lines."""
import importlib.machinery
import importlib.util
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load(name):
    """tools/NAME, a script without .py, as a module."""
    module_name = name.replace("-", "_")
    loader = importlib.machinery.SourceFileLoader(
        module_name, os.path.join(ROOT, "tools", name))
    module = importlib.util.module_from_spec(
        importlib.util.spec_from_loader(module_name, loader))
    loader.exec_module(module)
    return module
