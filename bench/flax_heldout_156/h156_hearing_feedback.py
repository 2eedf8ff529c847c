# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 HearingAidService.sessions[device].adapter.process calls model.apply(variables, frame, train=True) without mutable inside the while_loop body
"""Hearing-aid feedback cancellation service: per-device sessions stream audio frames."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class FeedbackCanceller(nn.Module):
    bands: int = 8

    @nn.compact
    def __call__(self, frame, train: bool = True):
        h = nn.Dense(self.bands)(frame)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return frame - 0.1 * nn.tanh(h)


class ModelAdapter:
    def __init__(self, model, variables, train):
        self.model = model
        self.variables = variables
        self.train = train

    def process(self, frame):
        return self.model.apply(self.variables, frame, train=self.train)


@dataclass
class Session:
    device_id: str
    adapter: ModelAdapter
    frames_seen: int = 0


@dataclass
class HearingAidService:
    calibrating: bool = True
    sessions: dict = field(default_factory=dict)

    def open(self, device_id, model, variables):
        adapter = ModelAdapter(model, variables, train=self.calibrating)
        self.sessions[device_id] = Session(device_id, adapter)

    def stream(self, device_id, frames):
        session = self.sessions[device_id]

        def cond(state):
            i, _ = state
            return i < frames.shape[0]

        def body(state):
            i, level = state
            out = session.adapter.process(frames[i])
            return i + 1, level + jnp.mean(out ** 2)

        _, level = lax.while_loop(cond, body, (0, jnp.zeros(())))
        session.frames_seen += frames.shape[0]
        return level


def main():
    model = FeedbackCanceller()
    frames = jax.random.normal(jax.random.key(2), (6, 4, 8))
    variables = model.init(jax.random.key(3), frames[0])
    service = HearingAidService()
    service.open("left-ear-01", model, variables)
    print(float(service.stream("left-ear-01", frames)))
    return None
