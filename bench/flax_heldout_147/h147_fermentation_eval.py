# label: ok
# flax-error: none
# class: 3 FermentMonitor keeps the model, its variables and a train flag as attributes; built with train=False, the scan body applies self.model with self.variables and BatchNorm only reads its running averages
"""Wine fermentation monitoring: specific-gravity estimates from tank sensor batches."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class GravityNet(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return 1.0 + 0.1 * nn.Dense(1)(nn.relu(x))[..., 0]


class FermentMonitor:
    """Replays a day of tank readings through the gravity estimator."""

    def __init__(self, model, variables, train):
        self.model = model
        self.variables = variables
        self.train = train

    def rollout(self, readings):  # [hours, tanks, features]
        def body(drop, x):
            sg = self.model.apply(self.variables, x, train=self.train)
            return drop + (1.09 - sg.mean()), sg

        return scan(body, jnp.zeros(()), readings)


def load_readings(hours=6, tanks=4, features=5):
    base = jnp.linspace(0.0, 1.0, hours * tanks * features)
    return jnp.cos(base).reshape(hours, tanks, features)


def main():
    readings = load_readings()
    model = GravityNet()
    variables = model.init(jax.random.key(0), readings[0], train=False)
    monitor = FermentMonitor(model, variables, train=False)
    total_drop, gravity = monitor.rollout(readings)
    _ = float(total_drop) + float(gravity.sum())
    return None
