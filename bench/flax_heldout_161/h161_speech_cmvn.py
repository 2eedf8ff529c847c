# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/" because collection "cmvn" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 StreamingFrontend.extractor holds FbankExtractor bound with model.bind(variables); the scan body calls it and it updates its "cmvn" running mean
"""Streaming ASR front end: log-mel projection with online cepstral mean normalisation (CMVN)."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class FbankExtractor(nn.Module):
    num_mels: int = 20
    decay: float = 0.99

    def setup(self):
        self.mel = nn.Dense(self.num_mels, use_bias=False)
        self.running_mean = self.variable("cmvn", "mean", jnp.zeros, (self.num_mels,))

    def log_mel(self, frame):
        return jnp.log(jnp.abs(self.mel(frame)) + 1e-6)

    def normalize(self, feats, mean):
        new_mean = self.decay * mean + (1.0 - self.decay) * feats.mean(axis=0)
        return feats - new_mean, new_mean

    def __call__(self, frame):
        feats, new_mean = self.normalize(self.log_mel(frame), self.running_mean.value)
        self.running_mean.value = new_mean
        return feats


class StreamingFrontend:
    """Keeps the extractor bound to its variables for the lifetime of a streaming session."""

    def __init__(self, model: FbankExtractor, variables):
        self.extractor = model.bind(variables)

    def featurize(self, chunks):
        def body(count, chunk):
            return count + 1, self.extractor(chunk)

        _, feats = lax.scan(body, 0, chunks)
        return feats


class Recognizer:
    def __init__(self, frame_size: int = 64):
        model = FbankExtractor()
        variables = model.init(jax.random.key(0), jnp.zeros((4, frame_size)))
        self.frontend = StreamingFrontend(model, variables)

    def transcribe(self, audio_chunks):
        feats = self.frontend.featurize(audio_chunks)
        return jnp.argmax(feats, axis=-1)


def main():
    audio = jax.random.normal(jax.random.key(5), (10, 4, 64))
    Recognizer().transcribe(audio)
    return None
