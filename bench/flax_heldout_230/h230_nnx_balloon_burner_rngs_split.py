# label: ok
# flax-error: none
# class: 2 local noise_keys split from one draw of the policy's nnx.Rngs "explore" stream in FlightPlanner.rollout are scanned over
"""Hot-air balloon flight planning: sample exploratory burner commands at a fixed altitude."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class BurnerPolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.head = nnx.Linear(4, 1, rngs=rngs)
        self.rngs = rngs

    def __call__(self, obs, noise_key):
        return nnx.sigmoid(self.head(obs))[0] + 0.2 * jax.random.normal(noise_key, ())


class FlightPlanner:
    def __init__(self, policy: BurnerPolicy, horizon: int):
        self.policy = policy
        self.horizon = horizon

    def rollout(self, obs):
        noise_keys = jax.random.split(self.policy.rngs.explore(), self.horizon)

        def body(carry, noise_key):
            return carry, self.policy(obs, noise_key)

        _, burns = scan(body, None, noise_keys)
        return burns


def main():
    planner = FlightPlanner(BurnerPolicy(nnx.Rngs(0, explore=1)), horizon=8)
    obs = jnp.array([450.0, -0.5, 18.0, 3.2]) / 100.0  # altitude, climb rate, envelope temp, wind
    return planner.rollout(obs)
