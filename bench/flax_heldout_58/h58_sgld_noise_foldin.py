# label: ok
# flax-error: none
# class: 4 module method passed as the raw fori_loop body folds the loop index into a key drawn once with make_rng outside the loop
"""SGLD (Welling & Teh 2011) on a small Bayesian linear head; record the injected noise per step."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class SGLDHead(nn.Module):
    dim: int = 4
    step_size: float = 1e-2
    n_steps: int = 5

    def setup(self):
        self.w0 = self.param("w0", nn.initializers.normal(0.1), (self.dim,))

    def langevin_step(self, x, y, base_key, i, state):
        w, noise_log = state
        grad = x.T @ (x @ w - y) / x.shape[0] + w
        noise = jax.random.normal(jax.random.fold_in(base_key, i), w.shape) * jnp.sqrt(2 * self.step_size)
        return w - self.step_size * grad + noise, noise_log.at[i].set(noise)

    def __call__(self, x, y):
        body = functools.partial(self.langevin_step, x, y, self.make_rng("sgld"))
        init = (self.w0, jnp.zeros((self.n_steps, self.dim)))
        _, noise_log = jax.lax.fori_loop(0, self.n_steps, body, init)
        return noise_log


def main():
    x = jax.random.normal(jax.random.key(0), (32, 4))
    y = x @ jnp.arange(4.0)
    model = SGLDHead()
    params = model.init({"params": jax.random.key(1), "sgld": jax.random.key(2)}, x, y)
    return model.apply(params, x, y, rngs={"sgld": jax.random.key(3)})
