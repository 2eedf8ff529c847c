# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Transcriber.adapter holds model.bind(variables, mutable=["batch_stats"]); the scan body adapts the running stats, Transcriber.writer reads them after the loop
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
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def step(self, frame):
        return self.bound(frame, adapt=True)

    def running_stats(self):
        return self.bound.variables["batch_stats"]


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
        def body(active, frame):
            logits = self.adapter.step(frame)
            notes = logits > 0.0
            return active | notes, notes.sum(-1)

        start = jnp.zeros((frames.shape[1], 12 * len(INSTRUMENTS)), bool)
        _, counts = lax.scan(body, start, frames)
        self.writer.snapshot(self.adapter.running_stats())
        return counts


def main():
    model = OnsetNet()
    frames = jax.random.normal(jax.random.key(0), (6, 4, 32))  # time x channels x spectrum
    variables = model.init(jax.random.key(1), frames[0])
    Transcriber(model, variables).transcribe(frames)
    return None
