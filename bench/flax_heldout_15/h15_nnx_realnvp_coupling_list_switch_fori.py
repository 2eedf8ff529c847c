# label: ok
# flax-error: none
# class: 4 nnx.List of read-only coupling layers reached through lax.switch branches inside the fori_loop body
import jax
import jax.numpy as jnp
from flax import nnx


class AffineCoupling(nnx.Module):
    def __init__(self, dim, hidden, *, rngs: nnx.Rngs):
        half = dim // 2
        self.net = nnx.Linear(half, hidden, rngs=rngs)
        self.scale = nnx.Linear(hidden, half, rngs=rngs)
        self.shift = nnx.Linear(hidden, half, rngs=rngs)

    def __call__(self, x):
        x1, x2 = jnp.split(x, 2, axis=-1)
        h = nnx.relu(self.net(x1))
        log_s = jnp.tanh(self.scale(h))
        y2 = x2 * jnp.exp(log_s) + self.shift(h)
        return jnp.concatenate([y2, x1], axis=-1), log_s.sum(-1)


class RealNVP(nnx.Module):
    def __init__(self, dim, num_layers, *, rngs: nnx.Rngs):
        self.layers = nnx.List([AffineCoupling(dim, 32, rngs=rngs) for _ in range(num_layers)])

    def log_prob(self, x):
        branches = [lambda x, layer=layer: layer(x) for layer in self.layers]

        def body(i, carry):
            x, logdet = carry
            y, ld = jax.lax.switch(i, branches, x)
            return y, logdet + ld

        z, logdet = jax.lax.fori_loop(0, len(branches), body, (x, jnp.zeros(x.shape[:-1])))
        return -0.5 * jnp.sum(z ** 2, -1) - 0.5 * z.shape[-1] * jnp.log(2 * jnp.pi) + logdet


def main():
    flow = RealNVP(4, 4, rngs=nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (16, 4))
    nll = -flow.log_prob(x).mean()
    grads = nnx.grad(lambda f: -f.log_prob(x).mean())(flow)
    return None
