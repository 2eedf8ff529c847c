# label: ok
# flax-error: none
# class: 3 sampling idiom: init through __call__, a sample method run by apply(method=...) calls built submodules in a raw scan
import jax
import jax.numpy as jnp
import flax.linen as nn


class Denoiser(nn.Module):
    dim: int = 4

    def setup(self):
        self.time_embed = nn.Dense(8)
        self.net = nn.Dense(self.dim)

    def __call__(self, x, t):
        return self.net(jnp.concatenate([x, self.time_embed(t[None])]))

    def sample(self, x_T, keys):
        ts = jnp.linspace(1.0, 0.0, keys.shape[0])

        def reverse_step(x, inputs):
            t, key = inputs
            eps = self(x, t)
            x = x - 0.1 * eps + 0.05 * jax.random.normal(key, x.shape)
            return x, x

        _, xs = jax.lax.scan(reverse_step, x_T, (ts, keys))
        return xs


def main():
    model = Denoiser()
    x_T = jnp.ones((4,))
    params = model.init(jax.random.key(0), x_T, jnp.array(1.0))
    keys = jax.random.split(jax.random.key(5), 6)
    xs = model.apply(params, x_T, keys, method=Denoiser.sample)
    return xs
