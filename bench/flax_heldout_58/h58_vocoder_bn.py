# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 module-level streaming function scans over audio chunks calling model.apply of a train-mode BatchNorm vocoder without mutable
"""Streaming vocoder (MelGAN-like toy): upsample mel chunks, one chunk per scan step."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class UpBlock(nn.Module):
    hop: int = 4
    ch: int = 8

    @nn.compact
    def __call__(self, mel, train: bool = True):
        y = nn.Dense(self.ch * self.hop)(mel)
        y = nn.BatchNorm(use_running_average=not train)(y)
        y = nn.leaky_relu(y, 0.2)
        return jnp.tanh(nn.Dense(self.hop)(y)).reshape(-1)


def stream(apply_fn, variables, mel_chunks):
    def step(_, chunk):
        return None, apply_fn(variables, chunk)

    _, wav = scan(step, None, mel_chunks)
    return wav.reshape(-1)


def main():
    mel = jax.random.normal(jax.random.key(0), (5, 10, 20))
    model = UpBlock()
    variables = model.init(jax.random.key(1), mel[0], train=False)
    stream(model.apply, variables, mel)
    return None
