# label: ok
# flax-error: none
# class: 5 a pipeline stage object applies the model functionally; batch_stats travel through the scan carry
"""Perception stack: a list of stage objects run over a clip of camera frames."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class FeatureNet(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.width)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.relu(x)


class NormaliseStage:
    def init_state(self):
        return {}

    def __call__(self, state, frame):
        return state, (frame - frame.mean()) / (frame.std() + 1e-5)


class FeatureStage:
    def __init__(self, net: nn.Module, variables):
        self.net = net
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def init_state(self):
        return self.batch_stats

    def __call__(self, state, frame):
        out, updates = self.net.apply(
            {"params": self.params, "batch_stats": state}, frame, train=True, mutable=["batch_stats"]
        )
        return updates["batch_stats"], out


@dataclasses.dataclass
class Pipeline:
    stages: list

    def init_state(self):
        return [stage.init_state() for stage in self.stages]

    def run_frame(self, states, frame):
        new_states = []
        for stage, state in zip(self.stages, states):
            state, frame = stage(state, frame)
            new_states.append(state)
        return new_states, frame


def run_clip(pipeline: Pipeline, clip):
    def body(carry, frame):
        states, total = carry
        states, feats = pipeline.run_frame(states, frame)
        return (states, total + feats.mean()), None

    (states, total), _ = jax.lax.scan(body, (pipeline.init_state(), jnp.zeros(())), clip)
    return states, total


def main():
    clip = jax.random.normal(jax.random.key(0), (6, 8, 32))
    net = FeatureNet()
    variables = net.init(jax.random.key(1), clip[0], train=False)
    pipeline = Pipeline([NormaliseStage(), FeatureStage(net, variables)])
    states, _ = run_clip(pipeline, clip)
    pipeline.stages[1].batch_stats = states[1]
    jax.tree.map(lambda a: float(jnp.abs(a).max()), states[1])
    return None
