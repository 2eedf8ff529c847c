# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "offsets" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 CueAligner.__call__ owns the "cache" variables and runs the while_loop; the body advances them while apply is called without mutable=["cache"]
"""Subtitle cue aligner: walks the audio energy envelope cue by cue, keeping a decode
cursor and the aligned cue offsets in the "cache" collection as autoregressive
decoders in Flax do."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class CueAligner(nn.Module):
    max_cues: int = 8
    search: int = 5

    @nn.compact
    def __call__(self, frames):
        initialised = self.has_variable("cache", "cursor")
        cursor = self.variable("cache", "cursor", lambda: jnp.zeros((), jnp.int32))
        offsets = self.variable("cache", "offsets", lambda: jnp.zeros((self.max_cues,), jnp.int32))
        energy = nn.Dense(1)(frames)[..., 0]
        if not initialised:
            return offsets.value

        n_frames = frames.shape[0]

        def more(cue):
            return (cue < self.max_cues) & (cursor.value + self.search < n_frames)

        def align_next(cue):
            start = cursor.value
            window = lax.dynamic_slice(energy, (start,), (self.search,))
            onset = start + 1 + jnp.argmax(window)
            offsets.value = offsets.value.at[cue].set(onset)
            cursor.value = onset
            return cue + 1

        lax.while_loop(more, align_next, 0)
        return offsets.value


def main():
    aligner = CueAligner()
    frames = jax.random.normal(jax.random.key(0), (60, 10))
    variables = aligner.init(jax.random.key(1), frames)
    offsets = aligner.apply(variables, frames)
    offsets.block_until_ready()
    return None
