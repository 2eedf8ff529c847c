# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 FlapScheduleController keeps the model as controller.model; the scan body passes it to an @nnx.jit-compiled predict function
"""Wind-tunnel model control: a learned flap schedule maps the tunnel speed and angle of
attack at each point of a test run to a trailing-edge flap deflection."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class FlapPolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, obs):
        return 25.0 * jnp.tanh(self.out(nnx.gelu(self.hidden(obs))))[0]  # degrees


@nnx.jit
def predict(model, obs):
    return model(obs)


class FlapScheduleController:
    def __init__(self, model, rate_limit=5.0):
        self.model = model
        self.rate_limit = rate_limit

    def schedule(self, test_points):
        def body(prev_flap, point):
            obs = jnp.concatenate([point, prev_flap[None]])
            target = predict(self.model, obs)
            flap = prev_flap + jnp.clip(target - prev_flap, -self.rate_limit, self.rate_limit)
            return flap, flap

        _, flaps = lax.scan(body, jnp.zeros(()), test_points)
        return flaps


def main():
    speed = jnp.linspace(20.0, 60.0, 8) / 60.0
    alpha = jnp.linspace(-4.0, 12.0, 8) / 12.0
    controller = FlapScheduleController(FlapPolicy(nnx.Rngs(0)))
    controller.schedule(jnp.stack([speed, alpha], axis=1))
    return None
