# label: ok
# flax-error: none
# class: 1 module-level streaming function scans over model.apply with batch_stats in the scan carry and mutable=["batch_stats"]
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
    params = variables["params"]

    def step(stats, chunk):
        out, upd = apply_fn({"params": params, "batch_stats": stats}, chunk,
                            mutable=["batch_stats"])
        return upd["batch_stats"], out

    stats, wav = scan(step, variables["batch_stats"], mel_chunks)
    return wav.reshape(-1), stats


def main():
    mel = jax.random.normal(jax.random.key(0), (5, 10, 20))
    model = UpBlock()
    variables = model.init(jax.random.key(1), mel[0], train=False)
    stream(model.apply, variables, mel)
    return None
