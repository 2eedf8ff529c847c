# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a module bound with mutable batch_stats, a local of calibrate_run, is called in the scan body and its stats are read after the loop
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
    bound = corrector.bind(variables, mutable=["batch_stats"])

    def plate_step(sq_err, plate):
        corrected = plate[:, 0] + bound(plate, train=True)
        return sq_err + jnp.mean((corrected - target_ul) ** 2), None

    total, _ = scan(plate_step, jnp.zeros(()), plates)
    return total, bound.variables["batch_stats"]


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
