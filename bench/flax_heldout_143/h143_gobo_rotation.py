# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "turns" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 local `bound = model.bind(variables)` in run_show() goes straight into the fori_loop body, which bumps the telemetry counter
"""Stage lighting: step the gobo wheels of a moving-head rig through a rotation show."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class GoboDrive(nn.Module):
    """Predicts a wheel speed from the current angle and counts the turns it commanded."""

    @nn.compact
    def __call__(self, angle):
        turns = self.variable("telemetry", "turns", jnp.zeros, ())
        features = jnp.stack([jnp.sin(angle), jnp.cos(angle)], axis=-1)
        speed = nn.Dense(1, name="speed")(features)[..., 0]
        turns.value = turns.value + jnp.abs(speed).sum()
        return angle + 0.05 * speed


def run_show(model: GoboDrive, variables, angles, steps: int):
    bound = model.bind(variables)

    def body(i, angle):
        return bound(angle)

    return jax.lax.fori_loop(0, steps, body, angles)


def main():
    model = GoboDrive()
    angles = jnp.linspace(0.0, jnp.pi, 8)
    variables = model.init(jax.random.key(4), angles)
    final = run_show(model, variables, angles, steps=12)
    final.block_until_ready()
    return None
