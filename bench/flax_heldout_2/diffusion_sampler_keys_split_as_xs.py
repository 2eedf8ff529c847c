# label: ok
# flax-error: none
# class: 3 DDPM-style sampler: keys split outside and passed to the scan as xs
import jax
import jax.numpy as jnp
import flax.linen as nn


class ScoreNet(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        h = jnp.concatenate([x, jnp.broadcast_to(t, x.shape[:-1] + (1,))], -1)
        return nn.Dense(x.shape[-1])(nn.swish(nn.Dense(32)(h)))


def sample(model, params, key, n_steps=8):
    keys = jax.random.split(key, n_steps + 1)
    x = jax.random.normal(keys[0], (2, 4))
    ts = jnp.linspace(1.0, 0.0, n_steps)

    def step(x, inp):
        t, k = inp
        eps = model.apply(params, x, t)
        noise = jax.random.normal(k, x.shape)
        x = x - 0.1 * eps + 0.05 * noise
        return x, noise

    _, noises = jax.lax.scan(step, x, (ts, keys[1:]))
    return noises


def main():
    model = ScoreNet()
    params = model.init(jax.random.PRNGKey(0), jnp.zeros((2, 4)), 0.0)
    return sample(model, params, jax.random.PRNGKey(42))
