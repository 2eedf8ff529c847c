# label: ok
# flax-error: none
# class: 2 local params and telemetry in run_show() enter the fori_loop through the carry; model.apply(..., mutable=['telemetry']) in the body
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
    params = variables["params"]

    def body(i, carry):
        angle, telemetry = carry
        angle, updates = model.apply({"params": params, "telemetry": telemetry}, angle, mutable=["telemetry"])
        return angle, updates["telemetry"]

    angle, telemetry = jax.lax.fori_loop(0, steps, body, (angles, variables["telemetry"]))
    return angle, telemetry


def main():
    model = GoboDrive()
    angles = jnp.linspace(0.0, jnp.pi, 8)
    variables = model.init(jax.random.key(4), angles)
    final, telemetry = run_show(model, variables, angles, steps=12)
    jax.block_until_ready((final, telemetry))
    return None
