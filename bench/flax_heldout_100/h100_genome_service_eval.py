# label: ok
# flax-error: none
# class: 4 InferenceService -> session pool -> Session.bound (model.bind of variables, collections immutable) called in the scan body; config switched to eval
"""Batch-inference service for a promoter-activity model over one-hot DNA windows.

Sessions are pooled per worker; each session keeps the model bound to the released
variables. The config the service was built from was copied from the training job.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class ModelConfig:
    channels: int = 8
    train: bool = True  # copied from the training config


class PromoterNet(nn.Module):
    cfg: ModelConfig

    @nn.compact
    def __call__(self, window):  # window: (length, 4)
        h = nn.Conv(self.cfg.channels, kernel_size=(5,))(window)
        h = nn.BatchNorm(use_running_average=not self.cfg.train)(h)
        h = nn.gelu(h)
        return nn.Dense(1)(h.mean(axis=0))


class Session:
    def __init__(self, model, variables):
        self.bound = model.bind(variables)

    def score(self, window):
        return self.bound(window)[0]


class InferenceService:
    def __init__(self, model, variables, workers=2):
        self.pool = [Session(model, variables) for _ in range(workers)]

    def session(self, worker):
        return self.pool[worker % len(self.pool)]

    def run_batch(self, windows, worker=0):
        sess = self.session(worker)

        def body(total, window):
            s = sess.score(window)
            return total + s, s

        _, scores = lax.scan(body, jnp.zeros(()), windows)
        return scores


def main():
    cfg = ModelConfig()
    model = PromoterNet(cfg)
    windows = jax.nn.one_hot(jax.random.randint(jax.random.key(0), (6, 32), 0, 4), 4)
    variables = model.init(jax.random.key(1), windows[0])
    serving = PromoterNet(dataclasses.replace(cfg, train=False))
    service = InferenceService(serving, variables)
    service.run_batch(windows, worker=1)
    return None
