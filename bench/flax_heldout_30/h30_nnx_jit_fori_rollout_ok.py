# label: ok
# flax-error: none
# class: 4 an nnx.jit-compiled rollout takes the model as an argument and runs a raw fori_loop whose body calls the model and only reads its Params
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Policy(nnx.Module):
    def __init__(self, rngs):
        self.net = nnx.Linear(2, 2, rngs=rngs)

    def __call__(self, s):
        return jnp.tanh(self.net(s))


class Env:
    def __init__(self, dt=0.1):
        self.dt = dt

    def step(self, s, a):
        return s + self.dt * a - 0.01 * s


def make_rollout(env, horizon):
    @nnx.jit
    def rollout(policy, s0):
        def body(i, carry):
            s, ret = carry
            a = policy(s)
            s = env.step(s, a)
            return s, ret - jnp.sum(s**2)

        return jax.lax.fori_loop(0, horizon, body, (s0, 0.0))

    return rollout


def main():
    policy = Policy(nnx.Rngs(0))
    rollout = make_rollout(Env(), horizon=5)
    s0 = jax.random.normal(jax.random.key(1), (4, 2))
    s_T, ret = rollout(policy, s0)
    print(ret)
    return None
