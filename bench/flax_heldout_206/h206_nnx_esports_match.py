# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 MatchService.simulate_season scans rounds; the body asks self.pool.checkout(region, state), which nnx.merge's the carried state and caches the module in the pool's session dict that the service uses after the loop
"""Esports matchmaking: a skill-rating network updated round by round; a pool of per-region sessions serves queries."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import scan


class SkillNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs, n_stats: int = 6):
        self.trunk = nnx.Linear(n_stats, 12, rngs=rngs)
        self.rating = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, players):
        return self.rating(nnx.silu(self.trunk(players)))[..., 0]


class SessionPool:
    def __init__(self, graphdef):
        self.graphdef = graphdef
        self.sessions: dict[str, SkillNet] = {}

    def checkout(self, region, state):
        session = nnx.merge(self.graphdef, state)
        self.sessions[region] = session
        return session


class MatchService:
    def __init__(self, model: SkillNet):
        graphdef, self.state = nnx.split(model)
        self.pool = SessionPool(graphdef)
        self.tx = optax.sgd(0.05)

    def simulate_season(self, region, rounds, outcomes):
        def body(carry, batch):
            state, opt_state = carry
            blue, red, blue_won = batch
            model = self.pool.checkout(region, state)

            def loss_fn(m):
                margin = m(blue) - m(red)
                return optax.sigmoid_binary_cross_entropy(margin, blue_won).mean()

            loss, grads = nnx.value_and_grad(loss_fn)(model)
            params = nnx.state(model, nnx.Param)
            updates, opt_state = self.tx.update(grads, opt_state, params)
            nnx.update(model, optax.apply_updates(params, updates))
            return (nnx.state(model), opt_state), loss

        params = nnx.state(self.pool.checkout(region, self.state), nnx.Param)
        (self.state, _), losses = scan(body, (self.state, self.tx.init(params)), (*rounds, outcomes))
        return losses

    def rate(self, region, players):
        return self.pool.sessions[region](players)


def main():
    service = MatchService(SkillNet(nnx.Rngs(0)))
    blue = jax.random.normal(jax.random.key(1), (10, 5, 6))
    red = jax.random.normal(jax.random.key(2), (10, 5, 6))
    outcomes = jax.random.bernoulli(jax.random.key(3), 0.5, (10, 5)).astype(jnp.float32)
    service.simulate_season("eu-west", (blue, red), outcomes)
    service.rate("eu-west", blue[0]).block_until_ready()
    return None
