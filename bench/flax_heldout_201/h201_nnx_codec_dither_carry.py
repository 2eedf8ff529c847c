# label: ok
# flax-error: none
# class: 4 CodecService.encode -> self.pool[stream_id] (CodecSession holding nnx.split state) -> .encode_frame(state, frame) in the scan body; the updated state is carried and stored back on the session
"""Low-bitrate audio codec with subtractive dither on the quantised latent.

Each stream gets a codec session from a pool. A session keeps the codec split into
graphdef/state and a jitted pure function that merges and runs it and returns the
new state, so the dither stream advances. The service carries that state through
the scan and stores it back on the session.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

FRAME = 32
LATENT = 6


class DitheredQuantizer(nnx.Module):
    def __init__(self, step_size, rngs: nnx.Rngs):
        self.analysis = nnx.Linear(FRAME, LATENT, rngs=rngs)
        self.step_size = step_size
        self.rngs = rngs

    def __call__(self, frame):
        z = self.analysis(frame) / self.step_size
        dither = jax.random.uniform(self.rngs.dither(), z.shape, minval=-0.5, maxval=0.5)
        return jnp.round(z + dither).astype(jnp.int32), dither


@dataclasses.dataclass
class CodecSession:
    graphdef: nnx.GraphDef
    state: nnx.State

    def __post_init__(self):
        graphdef = self.graphdef

        @jax.jit
        def encode_frame(state, frame):
            codec = nnx.merge(graphdef, state)
            codes, dither = codec(frame)
            return codes, dither, nnx.state(codec)

        self.encode_frame = encode_frame


class CodecService:
    def __init__(self, make_codec, n_sessions):
        self.pool = {}
        for sid in range(n_sessions):
            graphdef, state = nnx.split(make_codec(sid))
            self.pool[sid] = CodecSession(graphdef, state)

    def encode(self, stream_id, frames):
        session = self.pool[stream_id]

        def step(carry, frame):
            n_bits, state = carry
            codes, dither, state = session.encode_frame(state, frame)
            bits = jnp.sum(jnp.ceil(jnp.log2(jnp.abs(codes) + 2)))
            return (n_bits + bits, state), dither

        (n_bits, session.state), dither = jax.lax.scan(step, (jnp.zeros(()), session.state), frames)
        return n_bits, dither


def main():
    service = CodecService(lambda sid: DitheredQuantizer(0.25, nnx.Rngs(params=0, dither=100 + sid)), 3)
    frames = jax.random.normal(jax.random.PRNGKey(1), (8, FRAME))
    n_bits, dither = service.encode(1, frames)
    return dither
