# label: same-values
# flax-error: none
# class: 2 swarm_risk_samples draws one dropout key from the Rngs into a local before the scan; the body passes that local key to the model every draw
"""Beehive health monitoring: MC-dropout samples of swarm risk per hive."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class SwarmRiskNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.enc = nnx.Linear(5, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.4)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x, *, rngs=None):
        h = self.drop(nnx.relu(self.enc(x)), rngs=rngs)
        return jax.nn.sigmoid(self.head(h))[..., 0]


def swarm_risk_samples(model, hive_features, rngs: nnx.Rngs, n_draws: int):
    key = rngs.dropout()

    def body(carry, draw):
        return carry, model(hive_features, rngs=key)

    _, draws = jax.lax.scan(body, None, jnp.arange(n_draws))
    return draws


def main():
    hive_features = jax.random.normal(jax.random.key(0), (6, 5))
    model = SwarmRiskNet(nnx.Rngs(params=1))
    return swarm_risk_samples(model, hive_features, nnx.Rngs(dropout=2), n_draws=8)
