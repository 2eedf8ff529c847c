# label: ok
# flax-error: none
# class: 4 OvenCalibrator carries nnx.split state through the scan and its body returns nnx.state(model, nnx.BatchStat) as a per-step output; the subscriber list is notified with the last step after the loop and main() nnx.update()s the model with it
"""Industrial bakery: calibrating a crust-colour predictor's normalisation on oven runs."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class CrustNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.probe = nnx.Linear(4, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, momentum=0.8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.norm(self.probe(x))))[..., 0]


class LatestStats:
    """Subscriber: remembers the most recent normalisation statistics."""

    def __init__(self):
        self.stats = None

    def notify(self, stats):
        self.stats = stats


class OvenCalibrator:
    def __init__(self, model):
        self.model = model
        self.subscribers = []

    def subscribe(self, subscriber):
        self.subscribers.append(subscriber)
        return subscriber

    def calibrate(self, runs):  # [runs, trays, sensors]
        graphdef, state = nnx.split(self.model)

        def body(state, tray_batch):
            model = nnx.merge(graphdef, state)
            colour = model(tray_batch)
            return nnx.state(model), (colour.mean(), nnx.state(model, nnx.BatchStat))

        _, (colours, stats) = scan(body, state, runs)
        for subscriber in self.subscribers:
            subscriber.notify(jax.tree.map(lambda leaf: leaf[-1], stats))
        return colours


def main():
    model = CrustNet(nnx.Rngs(0))
    calibrator = OvenCalibrator(model)
    latest = calibrator.subscribe(LatestStats())
    runs = jnp.linspace(180.0, 230.0, 5 * 6 * 4).reshape(5, 6, 4) / 200.0
    calibrator.calibrate(runs)
    nnx.update(model, latest.stats)
    model.eval()
    _ = float(model(runs[-1]).mean())
    return None
