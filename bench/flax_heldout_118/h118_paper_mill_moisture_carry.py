# label: ok
# flax-error: none
# class: 3 the PlantModel object holds params and batch_stats as attributes; the while_loop carries the statistics and plant.batch_stats is assigned once the loop has returned
"""Paper mill dryer section: a moisture model adjusts steam pressure roll by roll until
the sheet reaches the target moisture; the adapted normalisation statistics are saved
with the shift report."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class MoistureNet(nn.Module):
    @nn.compact
    def __call__(self, scan_profile, train: bool = True):
        h = nn.Dense(12)(scan_profile)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.sigmoid(nn.Dense(1)(nn.relu(h)))[..., 0] * 0.12  # moisture fraction


class PlantModel:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def shift_report(self):
        flat, _ = jax.tree_util.tree_flatten_with_path(self.batch_stats)
        return {jax.tree_util.keystr(path): jnp.round(leaf, 3) for path, leaf in flat}


def dry_until_target(plant, profiles, target=0.07):
    def wet(state):
        i, moisture, _, _ = state
        return (i < profiles.shape[0]) & (moisture > target)

    def roll(state):
        i, moisture, steam, stats = state
        predicted, updates = plant.model.apply(
            {"params": plant.params, "batch_stats": stats},
            profiles[i] * steam, mutable=["batch_stats"])
        steam = steam + 2.0 * (predicted.mean() - target)
        return i + 1, predicted.mean(), steam, updates["batch_stats"]

    init = (jnp.int32(0), jnp.float32(1.0), jnp.float32(1.0), plant.batch_stats)
    i, moisture, steam, stats = lax.while_loop(wet, roll, init)
    plant.batch_stats = stats
    return i, moisture, steam


def main():
    profiles = jax.random.uniform(jax.random.key(8), (20, 16, 5))  # rolls x cross-direction x sensors
    model = MoistureNet()
    plant = PlantModel(model, model.init(jax.random.key(0), profiles[0], train=False))
    dry_until_target(plant, profiles)
    plant.shift_report()
    return None
