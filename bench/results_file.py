"""What every benchmark writes: bench/results/<machine>/<name>.json and .md,
the machine named (a benchmark's result says where it ran)."""
import datetime
import json
import os
import platform


def machine():
    """(directory name, description) of this machine."""
    model = "unknown cpu"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    cores = os.cpu_count()
    slug = f"{platform.machine()}-{cores}core-" + "".join(
        c if c.isalnum() else "-" for c in model.lower()).strip("-")
    return slug, {"cpu": model, "cores": cores, "arch": platform.machine(),
                  "os": platform.platform()}


def new_result(benchmark, **fields):
    """The result's header: benchmark, date, machine, then fields."""
    _, info = machine()
    return {"benchmark": benchmark,
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(
                timespec="seconds"),
            "machine": info, **fields}


def write(results_dir, name, result, markdown_lines):
    """Writes <results_dir>/<machine>/<name>.json and .md; returns the stem."""
    slug, _ = machine()
    out_dir = os.path.join(results_dir, slug)
    os.makedirs(out_dir, exist_ok=True)
    stem = os.path.join(out_dir, name)
    with open(stem + ".json", "w") as f:
        json.dump(result, f, indent=2)
        f.write("\n")
    with open(stem + ".md", "w") as f:
        f.write("\n".join(markdown_lines) + "\n")
    return stem
