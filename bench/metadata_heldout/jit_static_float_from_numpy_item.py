# label: ok
# jax-error: none
# class: 3 a numpy scalar converted with .item() before it is passed as a static argument
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.jit, static_argnums=(1,))
def soft_threshold(x, threshold):
    return jnp.sign(x) * jnp.maximum(jnp.abs(x) - threshold, 0.0)


def main():
    calibration = np.array([0.2, 0.4, 0.6], dtype=np.float32)
    threshold = np.median(calibration).item()
    for step in range(3):
        soft_threshold(jnp.linspace(-1.0, 1.0, 5) * step, threshold)
