# label: same-values
# flax-error: none
# class: 1 self.make_rng called inside an inline scan body; returns the per-step noise
import jax
import jax.numpy as jnp
import flax.linen as nn


class NoisyWalk(nn.Module):
    steps: int = 6

    @nn.compact
    def __call__(self, x0):
        def step(x, _):
            eps = jax.random.normal(self.make_rng("noise"), x.shape)
            return x + eps, eps

        _, noise = jax.lax.scan(step, x0, None, length=self.steps)
        return noise


def main():
    walk = NoisyWalk()
    x0 = jnp.zeros((2,))
    v = walk.init({"params": jax.random.PRNGKey(0), "noise": jax.random.PRNGKey(1)}, x0)
    noise = walk.apply(v, x0, rngs={"noise": jax.random.PRNGKey(2)})
    print(noise)
    return noise
