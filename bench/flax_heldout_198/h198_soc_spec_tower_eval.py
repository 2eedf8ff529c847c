# label: ok
# flax-error: none
# class: 1 SocEstimator builds its layers from LAYER_SPECS in setup and its __call__ scans over the cycle itself; with train=False the BatchNorm layers only read batch_stats inside the scan body
"""Battery state-of-charge estimation: a recurrent estimator whose per-step tower is built
from a layer spec list, run over a charge/discharge cycle of current and voltage samples."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

LAYER_SPECS = (
    {"kind": "dense", "features": 16},
    {"kind": "norm"},
    {"kind": "dense", "features": 16},
    {"kind": "norm"},
    {"kind": "dense", "features": 1},
)


class SocEstimator(nn.Module):
    specs: tuple = LAYER_SPECS
    capacity_ah: float = 2.5

    def setup(self):
        layers = []
        for i, spec in enumerate(self.specs):
            if spec["kind"] == "dense":
                layers.append(nn.Dense(spec["features"], name=f"dense_{i}"))
            elif spec["kind"] == "norm":
                layers.append(nn.BatchNorm(momentum=0.9, name=f"norm_{i}"))
        self.layers = layers

    def tower(self, feats, train):
        h = feats
        for layer in self.layers:
            if isinstance(layer, nn.BatchNorm):
                h = nn.swish(layer(h, use_running_average=not train))
            else:
                h = layer(h)
        return h[..., 0]

    def __call__(self, currents, voltages, train: bool = False):
        soc0 = jnp.full(currents.shape[1:], 0.8)
        if self.is_initializing():
            self.tower(jnp.stack([currents[0], voltages[0], soc0], -1), train)

        def tick(soc, sample):
            current, voltage = sample
            coulomb = soc - current / (3600.0 * self.capacity_ah)
            correction = self.tower(jnp.stack([current, voltage, coulomb], -1), train)
            soc = jnp.clip(coulomb + 0.01 * correction, 0.0, 1.0)
            return soc, soc

        _, trajectory = scan(tick, soc0, (currents, voltages))
        return trajectory


def cycle_data(key, steps=12, cells=4):
    kc, kv = jax.random.split(key)
    currents = 2.0 * jax.random.normal(kc, (steps, cells))
    voltages = 3.7 + 0.1 * jax.random.normal(kv, (steps, cells))
    return currents, voltages


def main():
    currents, voltages = cycle_data(jax.random.key(0))
    model = SocEstimator()
    variables = model.init(jax.random.key(1), currents, voltages, train=False)
    trajectory = model.apply(variables, currents, voltages, train=False)
    spread = jax.tree.map(lambda v: jnp.max(v) - jnp.min(v), variables["batch_stats"])
    print(trajectory[-1], spread)
    return None
