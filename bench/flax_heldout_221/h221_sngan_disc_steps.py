# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "Dense_0/kernel/u" in "/SpectralNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the fori_loop body calls d_apply, a functools.partial of disc.apply with update_stats=True bound in
"""Spectrally normalised GAN discriminator trained with a raw fori_loop.

Modelled on SN-GAN ports to Flax: the discriminator wraps its Dense layers in
nn.SpectralNorm, whose power-iteration vector lives in 'batch_stats'. The
user fixes update_stats=True with functools.partial and runs the
discriminator updates inside jax.lax.fori_loop.
"""
import functools

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class Discriminator(nn.Module):
    @nn.compact
    def __call__(self, x, update_stats: bool):
        x = nn.SpectralNorm(nn.Dense(32))(x, update_stats=update_stats)
        x = nn.leaky_relu(x, 0.2)
        return nn.SpectralNorm(nn.Dense(1))(x, update_stats=update_stats)[..., 0]


def main():
    disc = Discriminator()
    real = jax.random.normal(jax.random.PRNGKey(0), (20, 4, 2)) + 2.0
    fake = jax.random.normal(jax.random.PRNGKey(1), (20, 4, 2))
    d_vars = disc.init(jax.random.PRNGKey(2), real[0], update_stats=False)
    d_apply = functools.partial(disc.apply, update_stats=True)
    tx = optax.adam(1e-3)
    opt_state = tx.init(d_vars['params'])

    def d_loss(params, stats, r, f):
        v = {'params': params, 'batch_stats': stats}
        return (jnp.mean(jax.nn.softplus(-d_apply(v, r)))
                + jnp.mean(jax.nn.softplus(d_apply(v, f))))

    def body(i, state):
        params, opt_state = state
        grads = jax.grad(d_loss)(params, d_vars['batch_stats'], real[i], fake[i])
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state

    params, opt_state = jax.lax.fori_loop(0, real.shape[0], body, (d_vars['params'], opt_state))
    jax.block_until_ready(params)
    return None
