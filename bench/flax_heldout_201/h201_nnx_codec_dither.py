# label: same-values
# flax-error: none
# class: 4 CodecService.encode -> self.pool[stream_id] (CodecSession holding nnx.split state) -> .encode_frame(session.state, frame) in the scan body; the state never leaves the call
"""Low-bitrate audio codec with subtractive dither on the quantised latent.

Each stream gets a codec session from a pool. A session keeps the codec split into
graphdef/state and a jitted pure function that merges and runs it, so the service
can encode frames without touching the live module. The dither offsets are logged
per frame so the decoder side can subtract them.
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
            return codec(frame)

        self.encode_frame = encode_frame


class CodecService:
    def __init__(self, make_codec, n_sessions):
        self.pool = {}
        for sid in range(n_sessions):
            graphdef, state = nnx.split(make_codec(sid))
            self.pool[sid] = CodecSession(graphdef, state)

    def encode(self, stream_id, frames):
        def step(n_bits, frame):
            session = self.pool[stream_id]
            codes, dither = session.encode_frame(session.state, frame)
            bits = jnp.sum(jnp.ceil(jnp.log2(jnp.abs(codes) + 2)))
            return n_bits + bits, dither

        return jax.lax.scan(step, jnp.zeros(()), frames)


def main():
    service = CodecService(lambda sid: DitheredQuantizer(0.25, nnx.Rngs(params=0, dither=100 + sid)), 3)
    frames = jax.random.normal(jax.random.PRNGKey(1), (8, FRAME))
    n_bits, dither = service.encode(1, frames)
    return dither
