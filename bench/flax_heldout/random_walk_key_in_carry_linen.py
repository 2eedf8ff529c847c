# label: ok
# flax-error: none
# class: 4 learned-drift random walk: the make_rng key is carried and split at every step
import flax.linen as nn
import jax
import jax.numpy as jnp


class DriftWalk(nn.Module):
    steps: int = 8

    @nn.compact
    def __call__(self, x0):
        drift = self.param("drift", nn.initializers.zeros, x0.shape[-1:])

        def step(carry, _):
            x, key = carry
            key, sub = jax.random.split(key)
            dx = drift + jax.random.normal(sub, x.shape)
            return (x + dx, key), dx

        _, dxs = jax.lax.scan(step, (x0, self.make_rng("walk")), None, length=self.steps)
        return dxs


def main():
    x0 = jnp.zeros((2, 3))
    model = DriftWalk()
    variables = model.init({"params": jax.random.PRNGKey(0), "walk": jax.random.PRNGKey(1)}, x0)
    return model.apply(variables, x0, rngs={"walk": jax.random.PRNGKey(4)})
