# label: ok
# flax-error: none
# class: 1 the enhancer's own __call__ scans over frames; one dropout key is drawn before the loop and folded with the frame index
"""Speech enhancement: a recurrent mask estimator that runs over STFT frames with jax.lax.scan
inside its own method, with dropout on the recurrent state during training.

Twin of h114_speech_mask.py: the dropout key is taken once outside the scan and the frame index
is folded into it inside the body."""
import jax
import jax.numpy as jnp
from flax import linen as nn

N_FREQ = 16
N_FRAMES = 6


class MaskEstimator(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    def setup(self):
        self.inp = nn.Dense(self.hidden)
        self.rec = nn.Dense(self.hidden)
        self.drop = nn.Dropout(self.rate)
        self.out = nn.Dense(N_FREQ)

    def frame(self, h, spec, train, rng=None):
        h = jnp.tanh(self.inp(spec) + self.rec(h))
        h_drop = self.drop(h, deterministic=not train, rng=rng)
        return h, (nn.sigmoid(self.out(h_drop)), h_drop != 0)

    def __call__(self, spectrogram, train=True):
        # the first frame runs outside the loop so that init creates every parameter there
        h, _ = self.frame(jnp.zeros((self.hidden,)), spectrogram[0], train)
        base = self.make_rng("dropout") if train else None

        def step(h, inputs):
            t, spec = inputs
            rng = jax.random.fold_in(base, t) if train else None
            return self.frame(h, spec, train, rng=rng)

        frames = spectrogram[1:]
        _, (masks, kept) = jax.lax.scan(step, h, (jnp.arange(frames.shape[0]), frames))
        return masks, kept


def main():
    model = MaskEstimator()
    noisy = jnp.abs(jax.random.normal(jax.random.key(0), (N_FRAMES, N_FREQ)))
    variables = model.init(jax.random.key(1), noisy, train=False)
    masks, kept = model.apply(variables, noisy, train=True, rngs={"dropout": jax.random.key(2)})
    enhanced = masks * noisy[1:]
    print("enhanced energy", float(jnp.sum(enhanced**2)))
    return kept  # which hidden units survived dropout, per frame
