# label: same-values
# flax-error: none
# class: 2 module method self.transition is the raw scan body and gets one key drawn with make_rng before the loop through functools.partial, so every step resamples the same momentum
"""HMC with a learned (diagonal) mass matrix, in the spirit of adaptive/learned HMC kernels:
the log-mass is a parameter trained to maximise expected squared jump distance."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


def log_density(x):
    # correlated Gaussian target
    prec = jnp.array([[2.0, -1.8], [-1.8, 2.0]])
    return -0.5 * x @ prec @ x


class LearnedMassHMC(nn.Module):
    n_steps: int = 8
    n_leapfrog: int = 4
    eps: float = 0.15

    def setup(self):
        self.log_mass = self.param("log_mass", nn.initializers.zeros, (2,))

    def leapfrog(self, x, p):
        inv_mass = jnp.exp(-self.log_mass)
        p = p + 0.5 * self.eps * jax.grad(log_density)(x)
        for _ in range(self.n_leapfrog - 1):
            x = x + self.eps * inv_mass * p
            p = p + self.eps * jax.grad(log_density)(x)
        x = x + self.eps * inv_mass * p
        p = p + 0.5 * self.eps * jax.grad(log_density)(x)
        return x, p

    def transition(self, x, _, key):
        k_p, k_u = jax.random.split(key)
        p = jax.random.normal(k_p, x.shape) * jnp.exp(0.5 * self.log_mass)
        x_new, p_new = self.leapfrog(x, p)
        kinetic = lambda q: 0.5 * jnp.sum(q**2 * jnp.exp(-self.log_mass))
        log_acc = log_density(x_new) - kinetic(p_new) - log_density(x) + kinetic(p)
        x = jnp.where(jnp.log(jax.random.uniform(k_u)) < log_acc, x_new, x)
        return x, p

    def __call__(self, x0):
        key = self.make_rng("hmc")
        x, momenta = lax.scan(functools.partial(self.transition, key=key), x0, None,
                              length=self.n_steps)
        return x, momenta


def main():
    model = LearnedMassHMC()
    x0 = jnp.ones((2,))
    variables = model.init({"params": jax.random.PRNGKey(0), "hmc": jax.random.PRNGKey(1)}, x0)
    _, momenta = model.apply(variables, x0, rngs={"hmc": jax.random.PRNGKey(7)})
    return momenta
