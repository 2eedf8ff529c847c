# label: recompiles
# jax-error: none
# class: 3 static_argnums given np.float32 KL weights from a warm-up schedule: hashable, so each value compiles anew
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.jit, static_argnums=2)
def elbo(recon_error, kl, beta):
    return recon_error + beta * kl


def main():
    warmup = np.linspace(0.0, 1.0, 4, dtype=np.float32)
    for beta in warmup:
        elbo(jnp.ones(()), jnp.ones(()), beta)
