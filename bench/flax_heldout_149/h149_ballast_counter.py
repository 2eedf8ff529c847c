# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cycles" in "/" because collection "pump_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 BallastController.__call__ runs the while_loop itself and bumps its own 'pump_stats' variable inside the body
"""Ship ballast trim controller: pumps water between tanks until the trim error is small, and
keeps a count of pump cycles in a 'pump_stats' collection for the maintenance log."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class BallastController(nn.Module):
    tanks: int = 4
    tolerance: float = 0.05
    max_cycles: int = 40

    @nn.compact
    def __call__(self, levels, target):
        cycles = self.variable("pump_stats", "cycles", lambda: jnp.zeros((), jnp.int32))
        gain = nn.Dense(self.tanks, name="gain")
        gain(target - levels)

        def cond(state):
            lv, it = state
            return (jnp.max(jnp.abs(lv - target)) > self.tolerance) & (it < self.max_cycles)

        def body(state):
            lv, it = state
            if not self.is_initializing():
                cycles.value = cycles.value + 1
            return lv + 0.2 * jnp.tanh(gain(target - lv)), it + 1

        levels, _ = lax.while_loop(cond, body, (levels, jnp.zeros((), jnp.int32)))
        return levels


class TrimRuntime:
    """Holds the deployed controller; the bridge calls trim() once per watch."""

    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def trim(self, levels, target):
        return self.model.apply(self.variables, levels, target)


def main():
    model = BallastController()
    levels = jnp.array([0.9, 0.2, 0.6, 0.4])
    target = jnp.full((4,), 0.5)
    variables = model.init(jax.random.key(0), levels, target)
    runtime = TrimRuntime(model, variables)
    runtime.trim(levels, target)
    return None
