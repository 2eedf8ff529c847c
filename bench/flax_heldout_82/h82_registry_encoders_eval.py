# label: ok
# flax-error: none
# class: 4 encoder looked up in a module-level registry dict filled at run time; its apply wrapper is called with train=False under jax.checkpoint inside the scan body
"""Encoders are registered by name and built by a factory; a feature extractor scans the
encoder over time steps with a rematerialised body to save memory."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

MODEL_REGISTRY = {}


def register(name):
    def wrap(factory):
        MODEL_REGISTRY[name] = factory
        return factory
    return wrap


class Encoder(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.tanh(x)


class RegisteredModel:
    def __init__(self, module, sample):
        self.module = module
        self.variables = module.init(jax.random.PRNGKey(0), sample, train=False)

    def __call__(self, x, **kwargs):
        return self.module.apply(self.variables, x, **kwargs)


@register("tanh_encoder")
def build_encoder(sample):
    return RegisteredModel(Encoder(), sample)


def extract_features(model_name, frames):
    model = MODEL_REGISTRY[model_name](frames[0])

    @jax.checkpoint
    def body(state, frame):
        h = model(frame, train=False)
        return state + h, h

    _, feats = jax.lax.scan(body, jnp.zeros((frames.shape[1], 8)), frames)
    return feats


def main():
    frames = jnp.ones((6, 4, 5))
    extract_features("tanh_encoder", frames)
    return None
