# label: ok
# flax-error: none
# class: 3 Euler-Maruyama score SDE sampler method: one make_rng key before the scan, folded with the step index in the body
import jax
import jax.numpy as jnp
import flax.linen as nn


class ScoreModel(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        h = jnp.concatenate([x, jnp.full(x.shape[:-1] + (1,), t)], -1)
        return nn.Dense(x.shape[-1])(nn.silu(nn.Dense(32)(h)))

    def sample(self, x_T, n_steps: int):
        base_key = self.make_rng("sample")
        dt = 1.0 / n_steps

        def step(x, i):
            t = 1.0 - i * dt
            g = jnp.sqrt(2.0 * t + 1e-3)
            key = jax.random.fold_in(base_key, i)
            z = jax.random.normal(key, x.shape)
            x = x + g ** 2 * self(x, t) * dt + g * jnp.sqrt(dt) * z
            return x, z

        x0, zs = jax.lax.scan(step, x_T, jnp.arange(n_steps))
        return x0, zs


def main():
    model = ScoreModel()
    x_T = jnp.zeros((3, 2))
    params = model.init(jax.random.PRNGKey(0), x_T, 1.0)
    _, zs = model.apply(params, x_T, 10, method=ScoreModel.sample, rngs={"sample": jax.random.PRNGKey(3)})
    return zs
