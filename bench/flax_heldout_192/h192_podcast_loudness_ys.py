# label: ok
# flax-error: none
# class: 4 LoudnessService.normalize scans over frames; the body calls self.pipeline.step and returns the sown activations as scan outputs, recorded after the loop
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

    def record_many(self, envelopes):
        self.records.extend(list(envelopes))

    def summary(self):
        return jnp.stack(self.records).std()


class Pipeline:
    def __init__(self, model, params, recorder):
        self.model, self.params, self.recorder = model, params, recorder

    def step(self, frame):
        gain, state = self.model.apply(self.params, frame, mutable=["intermediates"])
        return gain, state["intermediates"]["ActivationLogger_0"]["envelope"][0]


class LoudnessService:
    def __init__(self, pipeline):
        self.pipeline = pipeline

    def normalize(self, frames):
        def body(level, frame):
            gain, envelope = self.pipeline.step(frame)
            return level + gain.mean(), (frame * gain[:, None], envelope)
        level, (out, envelopes) = jax.lax.scan(body, jnp.zeros(()), frames)
        self.pipeline.recorder.record_many(envelopes)
        return level, out


def main():
    frames = jax.random.normal(jax.random.key(0), (6, 3, 10))
    model = GainNet()
    params = {"params": model.init(jax.random.key(1), frames[0])["params"]}
    recorder = ActivationRecorder()
    service = LoudnessService(Pipeline(model, params, recorder))
    service.normalize(frames)
    float(recorder.summary())
    return None
