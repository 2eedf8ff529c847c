# label: ok
# flax-error: none
# class: 4 Transcriber.adapter holds model.apply and the variables; the running stats are carried through the scan and Transcriber.writer reads the final carry
"""Orchestral score transcription with online adaptation to the hall acoustics.

The streaming adapter keeps a bound onset network whose BatchNorm statistics are
updated frame by frame; once a movement is transcribed, the checkpoint writer
snapshots the adapted statistics for the next rehearsal.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

INSTRUMENTS = ("violin", "viola", "cello", "bass", "flute", "oboe", "horn", "timpani")


class OnsetNet(nn.Module):
    n_pitches: int = 12

    @nn.compact
    def __call__(self, frame, adapt: bool = False):
        h = nn.Dense(24)(frame)
        h = nn.BatchNorm(use_running_average=not adapt, momentum=0.9)(h)
        return nn.Dense(self.n_pitches * len(INSTRUMENTS))(nn.gelu(h))


class StreamingAdapter:
    def __init__(self, model, variables):
        self.apply_fn = model.apply
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def step(self, batch_stats, frame):
        variables = {"params": self.params, "batch_stats": batch_stats}
        logits, updates = self.apply_fn(variables, frame, adapt=True, mutable=["batch_stats"])
        return logits, updates["batch_stats"]


class CheckpointWriter:
    def __init__(self):
        self.saved = []

    def snapshot(self, stats):
        self.saved.append(jax.tree.map(lambda a: jnp.round(a, 4), stats))


class Transcriber:
    def __init__(self, model, variables):
        self.adapter = StreamingAdapter(model, variables)
        self.writer = CheckpointWriter()

    def transcribe(self, frames):
        def body(carry, frame):
            active, batch_stats = carry
            logits, batch_stats = self.adapter.step(batch_stats, frame)
            notes = logits > 0.0
            return (active | notes, batch_stats), notes.sum(-1)

        start = jnp.zeros((frames.shape[1], 12 * len(INSTRUMENTS)), bool)
        (_, batch_stats), counts = lax.scan(body, (start, self.adapter.batch_stats), frames)
        self.writer.snapshot(batch_stats)
        return counts


def main():
    model = OnsetNet()
    frames = jax.random.normal(jax.random.key(0), (6, 4, 32))  # time x channels x spectrum
    variables = model.init(jax.random.key(1), frames[0])
    Transcriber(model, variables).transcribe(frames)
    return None
