# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a model.bind(..., mutable=["stats"]) RSSM reaches the scan body as the bound method img_step inside a lambda; img_step updates a "stats" running mean
import jax
import jax.numpy as jnp
import flax.linen as nn

DETER, STOCH, ACT, HORIZON = 8, 4, 2, 5


class RSSM(nn.Module):
    momentum: float = 0.9

    def setup(self):
        self.gru = nn.GRUCell(features=DETER)
        self.prior = nn.Dense(2 * STOCH)
        self.inp = nn.Dense(DETER)
        self.ent = self.variable("stats", "prior_entropy", lambda: jnp.zeros(()))

    def img_step(self, state, action):
        deter, stoch = state
        x = nn.elu(self.inp(jnp.concatenate([stoch, action], -1)))
        deter, _ = self.gru(deter, x)
        mean, raw_std = jnp.split(self.prior(deter), 2, -1)
        std = nn.softplus(raw_std) + 0.1
        ent = jnp.sum(jnp.log(std))
        self.ent.value = self.momentum * self.ent.value + (1 - self.momentum) * ent
        return (deter, mean), mean

    def __call__(self, state, action):
        return self.img_step(state, action)


def imagine(rssm, start, actions):
    return jax.lax.scan(lambda s, a: rssm.img_step(s, a), start, actions)


def main():
    rssm = RSSM()
    start = (jnp.zeros((DETER,)), jnp.zeros((STOCH,)))
    actions = jax.random.normal(jax.random.key(1), (HORIZON, ACT))
    variables = rssm.init(jax.random.key(0), start, actions[0])
    bound = rssm.bind(variables, mutable=["stats"])
    last, traj = imagine(bound, start, actions)
    ent = bound.variables["stats"]["prior_entropy"]
    assert jnp.isfinite(ent + traj.sum())
    return None
