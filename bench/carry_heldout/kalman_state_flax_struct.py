# label: ok
# jax-error: none
# class: 3 flax.struct Kalman state updated with .replace keeping the (2, 2) covariance
import jax.numpy as jnp
from flax import struct
from jax import lax


@struct.dataclass
class KFState:
    mean: jnp.ndarray
    cov: jnp.ndarray


def main():
    zs = jnp.array([1.0, 1.2, 0.9, 1.1])
    q, r = 0.01, 0.1

    def predict_update(s, z):
        cov = s.cov + q * jnp.eye(2)
        k = cov[:, 0] / (cov[0, 0] + r)
        mean = s.mean + k * (z - s.mean[0])
        cov = cov - jnp.outer(k, cov[0])
        return s.replace(mean=mean, cov=cov), mean[0]

    s, means = lax.scan(predict_update, KFState(jnp.zeros(2), jnp.eye(2)), zs)
    return means
