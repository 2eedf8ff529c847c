# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 LoudnessService.normalize scans over frames; the body calls self.pipeline.step, which applies the model with mutable=["intermediates"] and hands the sown activations to an ActivationRecorder
"""Podcast loudness normalisation: a small gain network applied frame by frame, with activation logging."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ActivationLogger(nn.Module):
    """Wraps a layer and sows its output so ops can inspect it."""
    inner: nn.Module
    tag: str

    def __call__(self, x):
        y = self.inner(x)
        self.sow("intermediates", self.tag, y)
        return y


class GainNet(nn.Module):
    @nn.compact
    def __call__(self, frame):
        h = ActivationLogger(nn.Dense(8), "envelope")(frame)
        return nn.sigmoid(nn.Dense(1)(nn.relu(h)))[..., 0] * 2.0


class ActivationRecorder:
    def __init__(self):
        self.records = []

    def record(self, intermediates):
        self.records.append(intermediates["ActivationLogger_0"]["envelope"][0])

    def summary(self):
        return jnp.stack(self.records).std()


class Pipeline:
    def __init__(self, model, params, recorder):
        self.model, self.params, self.recorder = model, params, recorder

    def step(self, frame):
        gain, state = self.model.apply(self.params, frame, mutable=["intermediates"])
        self.recorder.record(state["intermediates"])
        return gain


class LoudnessService:
    def __init__(self, pipeline):
        self.pipeline = pipeline

    def normalize(self, frames):
        def body(level, frame):
            gain = self.pipeline.step(frame)
            return level + gain.mean(), frame * gain[:, None]
        return jax.lax.scan(body, jnp.zeros(()), frames)


def main():
    frames = jax.random.normal(jax.random.key(0), (6, 3, 10))
    model = GainNet()
    params = {"params": model.init(jax.random.key(1), frames[0])["params"]}
    recorder = ActivationRecorder()
    service = LoudnessService(Pipeline(model, params, recorder))
    service.normalize(frames)
    float(recorder.summary())
    return None
