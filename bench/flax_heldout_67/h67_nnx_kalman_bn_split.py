# label: ok
# flax-error: none
# class: 2 __call__ splits the module with nnx.split; the scan body merges it, runs self.step's logic and returns the new state in the carry
"""Differentiable Kalman filter with a learned measurement encoder (image-like observations -> z, R)."""
import jax
import jax.numpy as jnp
from flax import nnx


class MeasurementEncoder(nnx.Module):
    def __init__(self, obs_dim, z_dim, rngs: nnx.Rngs):
        self.fc = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, rngs=rngs)
        self.z = nnx.Linear(32, z_dim, rngs=rngs)
        self.logr = nnx.Linear(32, z_dim, rngs=rngs)

    def __call__(self, o):
        h = nnx.relu(self.bn(self.fc(o)))
        return self.z(h), jnp.exp(self.logr(h))


class DiffKF(nnx.Module):
    def __init__(self, obs_dim=10, z_dim=2, rngs: nnx.Rngs = None):
        self.encoder = MeasurementEncoder(obs_dim, z_dim, rngs)
        self.A = nnx.Param(jnp.eye(z_dim))
        self.q = nnx.Param(jnp.full((z_dim,), 0.1))

    def step(self, carry, obs):
        mu, var = carry
        mu_p = mu @ self.A.value.T
        var_p = var + self.q.value
        z, r = self.encoder(obs)
        k = var_p / (var_p + r)
        mu = mu_p + k * (z - mu_p)
        var = (1 - k) * var_p
        return (mu, var), mu

    def __call__(self, obs_seq):
        b = obs_seq.shape[1]
        init = (jnp.zeros((b, 2)), jnp.ones((b, 2)))
        graphdef, state = nnx.split(self)

        def body(carry, obs):
            filt, state = carry
            m = nnx.merge(graphdef, state)
            filt, mu = m.step(filt, obs)
            return (filt, nnx.state(m)), mu

        (_, state), mus = jax.lax.scan(body, (init, state), obs_seq)
        nnx.update(self, state)
        return mus


def main():
    model = DiffKF(rngs=nnx.Rngs(0))
    obs_seq = jax.random.normal(jax.random.key(1), (7, 4, 10))
    model(obs_seq).block_until_ready()
