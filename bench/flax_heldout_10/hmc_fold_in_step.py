# label: ok
# flax-error: none
# class: 3 make_rng once before the loop, fold_in(i) in the raw fori_loop body; helper leapfrog calls the built submodule
"""HMC over the input of a learned density; the module draws one key and folds in the step."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class LogDensity(nn.Module):
    hidden: int = 16

    def setup(self):
        self.net = nn.Sequential([nn.Dense(self.hidden), nn.tanh, nn.Dense(1)])

    def __call__(self, x):
        return -0.5 * jnp.sum(x ** 2) + self.net(x).sum()

    def leapfrog(self, x, p, eps, n_leap):
        grad = jax.grad(self.__call__)
        p = p + 0.5 * eps * grad(x)
        for _ in range(n_leap):
            x = x + eps * p
            p = p + eps * grad(x)
        return x, p - 0.5 * eps * grad(x)

    def hmc(self, x0, n_samples: int = 5, eps: float = 0.1):
        base = self.make_rng("hmc")
        chain = jnp.zeros((n_samples,) + x0.shape)
        momenta = jnp.zeros((n_samples,) + x0.shape)

        def body(i, state):
            x, chain, momenta = state
            k_mom, k_acc = jax.random.split(jax.random.fold_in(base, i))
            p0 = jax.random.normal(k_mom, x.shape)
            x1, p1 = self.leapfrog(x, p0, eps, 3)
            log_acc = self(x1) - self(x) - 0.5 * (p1 @ p1 - p0 @ p0)
            x = jnp.where(jnp.log(jax.random.uniform(k_acc)) < log_acc, x1, x)
            return x, chain.at[i].set(x), momenta.at[i].set(p0)

        _, chain, momenta = fori_loop(0, n_samples, body, (x0, chain, momenta))
        return chain, momenta


def main():
    model = LogDensity()
    x0 = jnp.zeros((3,))
    params = model.init(jax.random.key(0), x0)
    chain, momenta = model.apply(params, x0, method=LogDensity.hmc, rngs={"hmc": jax.random.key(4)})
    return momenta
