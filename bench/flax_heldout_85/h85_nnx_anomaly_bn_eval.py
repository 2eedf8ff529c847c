# label: ok
# flax-error: none
# class: 3 the daemon puts its detector in eval mode before the loop, so nnx.BatchNorm only reads its running statistics inside the jax.lax.while_loop body
"""Anomaly-alerting daemon: an NNX autoencoder scores incoming metric windows until the buffer is drained."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class AutoEncoder(nnx.Module):
    def __init__(self, dim, latent, *, rngs):
        self.enc = nnx.Linear(dim, latent, rngs=rngs)
        self.norm = nnx.BatchNorm(latent, rngs=rngs)
        self.dec = nnx.Linear(latent, dim, rngs=rngs)

    def __call__(self, x):
        return self.dec(nnx.relu(self.norm(self.enc(x))))


class AlertPolicy:
    def __init__(self, threshold):
        self.threshold = threshold


class AnomalyDaemon:
    def __init__(self, detector, policy):
        self.detector = detector
        self.policy = policy

    def drain(self, buffer):
        n = buffer.shape[0]
        self.detector.eval()

        def cond(carry):
            i, _ = carry
            return i < n

        def body(carry):
            i, alerts = carry
            window = buffer[i]
            err = jnp.mean((self.detector(window) - window) ** 2, axis=-1)
            return i + 1, alerts + jnp.sum(err > self.policy.threshold)

        _, alerts = lax.while_loop(cond, body, (0, jnp.zeros((), jnp.int32)))
        return alerts


def main():
    detector = AutoEncoder(6, 3, rngs=nnx.Rngs(0))
    daemon = AnomalyDaemon(detector, AlertPolicy(threshold=2.0))
    buffer = jax.random.normal(jax.random.PRNGKey(5), (4, 10, 6))
    jax.block_until_ready(daemon.drain(buffer))
    return None
