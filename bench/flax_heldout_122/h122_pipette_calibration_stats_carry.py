# label: ok
# flax-error: none
# class: 2 the batch_stats of variables, a local of calibrate_run, enter and leave the scan body in the carry through apply(mutable=["batch_stats"])
"""Laboratory robot pipetting: learn a volume correction per plate of gravimetric readings and
store the normalisation statistics with the calibration record."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class VolumeCorrector(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, reading, train: bool = True):
        h = nn.Dense(self.hidden)(reading)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return nn.Dense(1)(nn.tanh(h))[..., 0]


def calibrate_run(corrector, variables, plates, target_ul):
    params = variables["params"]

    def plate_step(carry, plate):
        sq_err, stats = carry
        corr, updates = corrector.apply(
            {"params": params, "batch_stats": stats}, plate, train=True, mutable=["batch_stats"]
        )
        corrected = plate[:, 0] + corr
        return (sq_err + jnp.mean((corrected - target_ul) ** 2), updates["batch_stats"]), None

    (total, stats), _ = scan(plate_step, (jnp.zeros(()), variables["batch_stats"]), plates)
    return total, stats


def save_calibration(store, run_id, sq_err, stats):
    store[run_id] = {
        "sq_err": float(sq_err),
        "batch_stats": jax.tree.map(lambda a: jnp.round(a, 4), stats),
    }


def main():
    plates = 50.0 + jax.random.normal(jax.random.key(0), (6, 96, 3))  # plates x wells x sensors
    corrector = VolumeCorrector()
    variables = corrector.init(jax.random.key(1), plates[0], train=False)
    store = {}
    sq_err, stats = calibrate_run(corrector, variables, plates, target_ul=50.0)
    save_calibration(store, "deck-A", sq_err, stats)
    return None
