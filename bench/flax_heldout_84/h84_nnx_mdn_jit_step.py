# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an @nnx.jit step function is handed to a rollout helper and called with the outer NNX model from inside a raw scan body
"""Mixture density network (NNX) as a stochastic dynamics model: jitted one-step predictor reused in rollouts."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class MDN(nnx.Module):
    def __init__(self, d, n_mix, *, rngs):
        self.body = nnx.Linear(d, 32, rngs=rngs)
        self.logits = nnx.Linear(32, n_mix, rngs=rngs)
        self.mu = nnx.Linear(32, n_mix * d, rngs=rngs)
        self.n_mix, self.d = n_mix, d

    def __call__(self, s):
        h = jnp.tanh(self.body(s))
        return self.logits(h), self.mu(h).reshape(s.shape[:-1] + (self.n_mix, self.d))


@nnx.jit
def predict_mean(model, s):
    logits, mu = model(s)
    w = jax.nn.softmax(logits)[..., None]
    return (w * mu).sum(-2)


def rollout(step_fn, model, s0, horizon):
    def body(s, _):
        s = s + step_fn(model, s)
        return s, s

    return lax.scan(body, s0, None, length=horizon)


def main():
    model = MDN(3, 4, rngs=nnx.Rngs(0))
    _, traj = rollout(predict_mean, model, jnp.zeros((2, 3)), horizon=5)
    print(traj.shape)
    return None
