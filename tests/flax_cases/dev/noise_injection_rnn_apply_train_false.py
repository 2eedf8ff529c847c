# label: ok
# flax-error: none
# class: 4 noise injected in the scan body only when train; init and apply both pass train=False
import flax.linen as nn
import jax
import jax.numpy as jnp


class NoisyGRU(nn.Module):
    hidden: int = 8
    noise_scale: float = 0.1

    @nn.compact
    def __call__(self, xs, train: bool = True):
        cell = nn.GRUCell(self.hidden)
        h0 = jnp.zeros(xs.shape[1:-1] + (self.hidden,))
        h0, _ = cell(h0, xs[0])

        def step(h, x):
            h, _ = cell(h, x)
            if train:
                h = h + self.noise_scale * jax.random.normal(self.make_rng("noise"), h.shape)
            return h, h

        _, hs = jax.lax.scan(step, h0, xs)
        return hs


def main():
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 2, 3))
    model = NoisyGRU()
    variables = model.init(jax.random.PRNGKey(0), xs, train=False)
    return model.apply(variables, xs, train=False)
