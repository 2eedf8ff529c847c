# label: ok
# flax-error: none
# class: 3 IcingEvaluator keeps model and variables as attributes and applies them in the scan body in eval mode, reading the stored batch_stats
"""Wind-turbine blade icing evaluator: scores icing risk over the SCADA frames of one night."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class IcingClassifier(nn.Module):
    @nn.compact
    def __call__(self, frame, train: bool):
        h = nn.Dense(24)(frame)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.sigmoid(nn.Dense(1)(nn.swish(h)))[..., 0]


@dataclasses.dataclass(frozen=True)
class EvalConfig:
    threshold: float = 0.6
    train_mode: bool = False


class IcingEvaluator:
    def __init__(self, model, variables, config):
        self.model = model
        self.variables = variables
        self.config = config

    def evaluate(self, frames):
        def frame_step(alarms, frame):
            risk = self.model.apply(self.variables, frame, train=self.config.train_mode)
            return alarms + (risk > self.config.threshold).sum(), None

        alarms, _ = lax.scan(frame_step, jnp.zeros((), jnp.int32), frames)
        return alarms


def main():
    model = IcingClassifier()
    frames = jax.random.normal(jax.random.key(0), (10, 16, 7))
    variables = model.init(jax.random.key(1), frames[0], train=False)
    evaluator = IcingEvaluator(model, variables, EvalConfig())
    evaluator.evaluate(frames)
    return None
