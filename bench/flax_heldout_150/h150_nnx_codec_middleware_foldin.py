# label: ok
# flax-error: none
# class: 5 a dither middleware draws one key from the codec's nnx.Rngs when the chain is built (handler = mw(handler)) and folds in each request's frame index inside the scan body
"""Audio codec encoder: frames pass dither, gain and quantizer middlewares; tested on a silent stretch."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class LearnedQuantizer(nnx.Module):
    def __init__(self, dim: int, rngs: nnx.Rngs):
        self.analysis = nnx.Linear(dim, dim, rngs=rngs)
        self.rngs = rngs

    def __call__(self, frame):
        return jnp.round(64.0 * jnp.tanh(self.analysis(frame))) / 64.0


def dither_middleware(codec, scale=0.02):
    key = codec.rngs.dither()

    def mw(handler):
        def wrapped(request):
            frame_key = jax.random.fold_in(key, request["t"])
            noise = scale * jax.random.uniform(frame_key, request["frame"].shape, minval=-1.0, maxval=1.0)
            return handler({**request, "frame": request["frame"] + noise})
        return wrapped
    return mw


def gain_middleware(gain):
    def mw(handler):
        def wrapped(request):
            return handler({**request, "frame": gain * request["frame"]})
        return wrapped
    return mw


def build_encoder(codec, middlewares):
    handler = lambda request: codec(request["frame"])
    for mw in reversed(middlewares):
        handler = mw(handler)
    return handler


def encode_stream(handler, frames):
    def body(_, inputs):
        t, frame = inputs
        return None, handler({"t": t, "frame": frame})

    return scan(body, None, (jnp.arange(frames.shape[0]), frames))[1]


def main():
    codec = LearnedQuantizer(6, nnx.Rngs(params=0, dither=1))
    encoder = build_encoder(codec, [dither_middleware(codec), gain_middleware(40.0)])
    silence = jnp.zeros((5, 6))
    return encode_stream(encoder, silence)
