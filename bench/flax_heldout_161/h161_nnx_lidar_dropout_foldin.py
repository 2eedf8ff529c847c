# label: ok
# flax-error: none
# class: 4 Simulator.robot -> Robot.sensors -> LidarModel (nnx.Dropout beam dropout) gets nnx.Rngs(dropout=fold_in(episode_key, tick)) every while_loop step
"""Domain randomisation for a warehouse AMR simulator: lidar beam dropout sampled per simulation tick.
Returns the randomised scans of every tick."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class LidarModel(nnx.Module):
    def __init__(self, beams: int, rngs: nnx.Rngs):
        self.gain = nnx.Linear(beams, beams, rngs=rngs)
        self.dropout = nnx.Dropout(0.25)

    def __call__(self, ranges, rngs: nnx.Rngs):
        return self.dropout(ranges + 0.01 * self.gain(ranges), rngs=rngs)


class SensorSuite:
    def __init__(self, beams: int, seed: int):
        self.lidar = LidarModel(beams, nnx.Rngs(seed))

    def read(self, ranges, rngs: nnx.Rngs):
        return self.lidar(ranges, rngs)


class Robot:
    def __init__(self, beams: int, seed: int):
        self.sensors = SensorSuite(beams, seed)
        self.pose = jnp.zeros(3)


class Simulator:
    def __init__(self, robot: Robot, ticks: int, seed: int):
        self.robot = robot
        self.ticks = ticks
        self.episode_key = jax.random.key(seed)

    def randomized_scans(self, ranges):
        def cond(state):
            return state[0] < self.ticks

        def body(state):
            tick, scans = state
            rngs = nnx.Rngs(dropout=jax.random.fold_in(self.episode_key, tick))
            scan_ = self.robot.sensors.read(ranges, rngs)
            return tick + 1, scans.at[tick].set(scan_)

        _, scans = while_loop(cond, body, (0, jnp.zeros((self.ticks,) + ranges.shape)))
        return scans


def main():
    ranges = jnp.linspace(0.5, 8.0, 32)
    sim = Simulator(Robot(beams=32, seed=0), ticks=6, seed=5)
    return sim.randomized_scans(ranges)
