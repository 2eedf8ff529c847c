# label: ok
# flax-error: none
# class: 2 the bandit service draws one key from its nnx.Rngs "explore" stream before the loop, splits it per step and scans over the keys
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
        keys = jax.random.split(self.rngs.explore(), contexts.shape[0])

        def step(pulls, xs):
            ctx, key = xs
            noise = self.scale * jax.random.normal(key, (4,))
            arm = jnp.argmax(self.model(ctx) + noise)
            return pulls.at[arm].add(1), noise

        pulls, noise = jax.lax.scan(step, jnp.zeros((4,), jnp.int32), (contexts, keys))
        return noise


def main():
    service = BanditService()
    contexts = jax.random.normal(jax.random.PRNGKey(3), (6, 6))
    return service.serve(contexts)
