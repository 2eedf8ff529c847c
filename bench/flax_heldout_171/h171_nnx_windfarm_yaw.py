# label: trace-context
# flax-error: TraceContextError: Cannot mutate GustStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the TurbineController's policy attribute (an nnx.Module with a GustStat Variable it updates) is called in the scan body
"""Wind farm yaw control: tracks the wind direction over a 10-minute window per turbine."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class GustStat(nnx.Variable):
    """Running gust magnitude, kept with the policy for the SCADA dashboard."""


class YawPolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs, decay: float = 0.8):
        self.encoder = nnx.Linear(4, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)
        self.gust = GustStat(jnp.zeros(()))
        self.decay = decay

    def __call__(self, obs):
        self.gust[...] = self.decay * self.gust[...] + (1 - self.decay) * jnp.abs(obs[2])
        return jnp.tanh(self.head(nnx.relu(self.encoder(obs))))[0] * 0.1


class TurbineController:
    def __init__(self, policy: YawPolicy):
        self.policy = policy

    def track(self, wind):
        """wind: [steps, 3] of direction, speed, gust."""

        def body(yaw, reading):
            obs = jnp.concatenate([reading, yaw[None]])
            yaw = yaw + self.policy(obs)
            return yaw, jnp.abs(reading[0] - yaw)

        final_yaw, misalignment = lax.scan(body, jnp.zeros(()), wind)
        return final_yaw, misalignment.mean()


def main():
    wind = jax.random.normal(jax.random.key(6), (12, 3))
    controller = TurbineController(YawPolicy(nnx.Rngs(0)))
    _, misalignment = controller.track(wind)
    float(misalignment + controller.policy.gust[...])
    return None
