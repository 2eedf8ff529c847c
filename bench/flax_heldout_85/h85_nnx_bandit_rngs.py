# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the bandit service's nnx.Rngs "explore" stream is called inside the jax.lax.scan body through self.rngs
"""Online RL bandit service: an NNX value model with Thompson-style Gaussian exploration."""
import jax
import jax.numpy as jnp
from flax import nnx


class ValueNet(nnx.Module):
    def __init__(self, dim, arms, *, rngs):
        self.fc = nnx.Linear(dim, arms, rngs=rngs)

    def __call__(self, ctx):
        return self.fc(ctx)


class BanditService:
    def __init__(self, dim=6, arms=4, seed=0, scale=0.5):
        self.rngs = nnx.Rngs(params=seed, explore=seed + 1)
        self.model = ValueNet(dim, arms, rngs=self.rngs)
        self.scale = scale

    def serve(self, contexts):
        def step(pulls, ctx):
            noise = self.scale * jax.random.normal(self.rngs.explore(), (4,))
            arm = jnp.argmax(self.model(ctx) + noise)
            return pulls.at[arm].add(1), noise

        pulls, noise = jax.lax.scan(step, jnp.zeros((4,), jnp.int32), contexts)
        return noise


def main():
    service = BanditService()
    contexts = jax.random.normal(jax.random.PRNGKey(3), (6, 6))
    return service.serve(contexts)
