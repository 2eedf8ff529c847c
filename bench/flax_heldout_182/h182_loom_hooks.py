# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "defect_rate" in "/" because collection "monitor" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 hooks registered with the @monitor_hook decorator in a module-level registry receive the LoomInspector and put_variable its "monitor" collection from inside the while_loop body
"""Weaving-loom defect inspector: scans fabric rows until a defect budget is exceeded, with pluggable monitors."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop

MONITOR_HOOKS = {}


def monitor_hook(name):
    def register(fn):
        MONITOR_HOOKS[name] = fn
        return fn
    return register


@monitor_hook("defect_rate")
def record_defect_rate(module, row_index, defects):
    module.put_variable("monitor", "defect_rate", defects / (row_index + 1.0))


@monitor_hook("last_row")
def record_last_row(module, row_index, defects):
    module.put_variable("monitor", "last_row", row_index)


class LoomInspector(nn.Module):
    threads: int = 24
    budget: float = 3.0
    hooks: tuple = ("defect_rate", "last_row")

    @nn.compact
    def __call__(self, fabric):
        detector = nn.Dense(1, name="detector")
        detector(fabric[0])

        def unfinished(state):
            row, defects = state
            return (row < fabric.shape[0]) & (defects < self.budget)

        def inspect_row(state):
            row, defects = state
            defects = defects + nn.sigmoid(detector(fabric[row]))[0]
            for name in self.hooks:
                MONITOR_HOOKS[name](self, row, defects)
            return row + 1, defects

        if self.is_initializing():
            return jnp.zeros(()), 0
        row, defects = while_loop(unfinished, inspect_row, (0, jnp.zeros(())))
        return defects, row


def main():
    inspector = LoomInspector()
    fabric = jax.random.uniform(jax.random.key(0), (40, inspector.threads))
    params = inspector.init(jax.random.key(1), fabric)["params"]
    defects, rows = inspector.apply({"params": params}, fabric)
    print("rows inspected", int(rows), "defects", float(defects))
    return None
