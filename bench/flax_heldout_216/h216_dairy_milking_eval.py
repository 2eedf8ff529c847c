# label: ok
# flax-error: none
# class: 4 the model and variables reached through MilkingRobot.station.bundle, applied in evaluation mode (running averages) in the scan body
"""Dairy milking robots: predict each cow's yield as she enters the box and total the shift;
the robot serves the yield model with its stored running averages."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class YieldNet(nn.Module):
    @nn.compact
    def __call__(self, cow, train: bool = False):
        h = nn.Dense(12)(cow)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.softplus(nn.Dense(1)(nn.relu(h)))[..., 0]  # litres


@dataclasses.dataclass
class ModelBundle:
    model: nn.Module
    variables: dict


class MilkingStation:
    def __init__(self, bundle: ModelBundle, box_id: int):
        self.bundle, self.box_id = bundle, box_id


class MilkingRobot:
    def __init__(self, station: MilkingStation, online_adapt: bool):
        self.station = station
        self.online_adapt = online_adapt

    def shift(self, visits):
        def body(litres, cow):
            bundle = self.station.bundle
            pred = bundle.model.apply(bundle.variables, cow, train=self.online_adapt)
            return litres + pred.sum(), pred

        return scan(body, jnp.float32(0.0), visits)


def main():
    # days in milk, parity, last yield, rumination minutes, activity
    visits = jax.random.uniform(jax.random.PRNGKey(0), (12, 2, 5))
    model = YieldNet()
    variables = model.init(jax.random.PRNGKey(1), visits[0])
    robot = MilkingRobot(MilkingStation(ModelBundle(model, variables), box_id=3), online_adapt=False)
    total, _ = robot.shift(visits)
    total.block_until_ready()
    return None
