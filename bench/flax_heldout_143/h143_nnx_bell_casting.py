# label: same-values
# flax-error: none
# class: 2 local graphdef/state from nnx.split in sample_crack_risk() go straight into the scan body, which re-merges the snapshot (copy=True) each step
"""Bell foundry: Monte Carlo dropout estimate of crack risk while a cast bell cools."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class CrackRisk(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.thermal = nnx.Linear(5, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.risk = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, profile):
        h = self.drop(nnx.relu(self.thermal(profile)))
        return nnx.sigmoid(self.risk(h))[..., 0]


def sample_crack_risk(model: CrackRisk, profile, samples: int):
    graphdef, state = nnx.split(model)

    def body(carry, _):
        snapshot = nnx.merge(graphdef, state, copy=True)
        return carry, snapshot(profile)

    _, risks = scan(body, None, None, length=samples)
    return risks


def main():
    model = CrackRisk(nnx.Rngs(params=0, dropout=1))
    model.train()
    # wall thickness, mould temperature, alloy tin fraction, ambient, hours since pour
    profile = jnp.array([[0.8, 0.6, 0.22, 0.1, 0.3], [0.5, 0.7, 0.23, 0.1, 0.6], [0.3, 0.9, 0.21, 0.2, 0.9]])
    return sample_crack_risk(model, profile, samples=6)
